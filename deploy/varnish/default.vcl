vcl 4.1;
# The CDN of the reference deployment (ADR 036): Varnish in front of the portal instances. The
# portal says what may be cached (Cache-Control, s-maxage for this cache) and tags every page with
# its keys (Surrogate-Key); after a publish, an instance sends a BAN naming the keys of what the
# release changed. Nothing personal is ever kept: the account app, the API, the sandboxes and the
# payment page go straight to the origin, and so does any answer the portal marks private or that
# sets a cookie (Varnish's built-in rules).

import std;
import directors;

# Per deployment: the instances (backends with their readiness probe, the director `origin`) and
# who may purge (acl purgers). deploy/varnish/backends.vcl is compose's.
include "backends.vcl";

sub vcl_recv {
    set req.backend_hint = origin.backend();

    # A purge after a publish: every object whose keys hold one of these goes.
    if (req.method == "BAN") {
        # From an instance itself, never passed on by a proxy (Varnish appends the peer to
        # X-Forwarded-For: a forwarded request carries two addresses or more).
        if (!client.ip ~ purgers || req.http.X-Forwarded-For ~ ",") {
            return (synth(403, "Not allowed"));
        }
        if (req.http.X-Purge-Keys !~ "^[a-z0-9-]+( [a-z0-9-]+)*$") {
            return (synth(400, "X-Purge-Keys: keys of a-z, 0-9 and -, separated by spaces"));
        }
        # On the object's own headers only, so the ban lurker can clear the cache as it goes.
        if (std.ban("obj.http.Surrogate-Key ~ (^|\s)(" + regsuball(req.http.X-Purge-Keys, " ", "|") + ")(\s|$)")) {
            return (synth(200, "Banned"));
        }
        return (synth(500, std.ban_error()));
    }
    if (req.method != "GET" && req.method != "HEAD") {
        return (pass);
    }
    # Personal, a payment, or a staff sign-in (its callback needs the cookie that binds it to this
    # browser): never from the cache, the visitor's cookies passed on.
    if (req.url ~ "^/(my48|panda|sandbox|payment-gateway|cms/status|staff-sign-in)([/?]|$)") {
        return (pass);
    }
    # A page is the same for everyone: the visitor's cookies do not change it (kept, every signed-in
    # visitor would miss the cache).
    unset req.http.Cookie;
    # While the origin answers, a page past its lifetime is served for a minute at most while it is
    # fetched again (stale-while-revalidate); when no instance answers its probe, for as long as the
    # page's stale-if-error allows (its grace, below).
    if (std.healthy(req.backend_hint)) {
        set req.grace = 60s;
    }
    return (hash);
}

sub vcl_backend_response {
    # An instance going away (its readiness already 503, its probe not yet failed twice) may still
    # be chosen: a read it answers 503 is asked once more of the next instance.
    if (beresp.status == 503 && bereq.retries < 1 && bereq.method ~ "^(GET|HEAD)$") {
        return (retry);
    }
    # stale-if-error: keep the page that long past its lifetime, for when the origin fails.
    if (beresp.http.Cache-Control ~ "stale-if-error=[0-9]+") {
        set beresp.grace = std.duration(
            regsub(beresp.http.Cache-Control, "^.*stale-if-error=([0-9]+).*$", "\1s"), 0s);
    }
}

sub vcl_backend_error {
    # The instance refused the connection (stopping, or stopped before the probe saw it): a read is
    # asked once more of the next instance. A write is not, as it may have arrived.
    if (bereq.retries < 1 && bereq.method ~ "^(GET|HEAD)$") {
        return (retry);
    }
    # No instance answered and nothing was cached: a plain 503 that says to try again.
    set beresp.http.Retry-After = "5";
}

sub vcl_deliver {
    # The keys are for this cache; what the visitor sees is whether it was a hit.
    unset resp.http.Surrogate-Key;
    unset resp.http.Cache-Tag;
    unset resp.http.CDN-Tag;
    if (obj.hits > 0) {
        set resp.http.X-Cache = "HIT";
    } else {
        set resp.http.X-Cache = "MISS";
    }
}
