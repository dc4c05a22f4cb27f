# compose.yaml's instances, behind deploy/varnish/default.vcl. One backend a line; add portal-3 …
# (and its add_backend) to scale. A draining instance answers /panda/ready 503 and is left out.
probe ready {
    .url = "/panda/ready";
    .interval = 2s;
    .timeout = 1s;
    .window = 3;
    .threshold = 2;
}

backend portal_1 {
    .host = "portal-1";
    .port = "4321";
    .probe = ready;
}

backend portal_2 {
    .host = "portal-2";
    .port = "4321";
    .probe = ready;
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
