# compose.yaml's instances, behind deploy/varnish/default.vcl. One backend a line; add portal-3 …
# (and its add_backend) to scale. A draining instance answers /panda/ready 503 and is left out.
# A reload (a rolling update's varnishreload) makes the backends anew: with Varnish's default
# .initial (threshold - 1) both start sick until their first probe answers, and a request in those
# milliseconds got a 503 with no instance to retry on. They start healthy instead: an instance is
# only added once it answers ready, and one that does not answer is retried on the next (default.vcl).
probe ready {
    .url = "/panda/ready";
    .interval = 2s;
    .timeout = 1s;
    .window = 3;
    .threshold = 2;
    .initial = 2;
}

backend portal_1 {
    .host = "portal-1";
    .port = "4321";
    .probe = ready;
    # An instance replaced leaves an address nobody answers: a read waits this long, not Varnish's
    # 3.5 s, before it is retried on the next instance.
    .connect_timeout = 1s;
}

backend portal_2 {
    .host = "portal-2";
    .port = "4321";
    .probe = ready;
    .connect_timeout = 1s;
}

# The instances send the purges (VARNISH_URLS=http://varnish:80): the compose network only.
acl purgers {
    "172.16.0.0"/12;
    "localhost";
}

sub vcl_init {
    new origin = directors.round_robin();
    origin.add_backend(portal_1);
    origin.add_backend(portal_2);
}
