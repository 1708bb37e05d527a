"""Options of the clients the engine uses to reach other services, and their caches."""

from oslo_config import cfg

SERVICES = (
    "aodh",
    "barbican",
    "cinder",
    "designate",
    "glance",
    "heat",
    "keystone",
    "magnum",
    "manila",
    "mistral",
    "neutron",
    "nova",
    "octavia",
    "swift",
    "trove",
    "zaqar",
)


def _tls_opts(endpoint_default, insecure_default):
    return [
        cfg.StrOpt(
            "endpoint_type",
            default=endpoint_default,
            help="Type of endpoint in the catalog to use (public, internal, admin).",
        ),
        cfg.StrOpt("ca_file", help="CA certificate file to verify the service's TLS certificate."),
        cfg.StrOpt("cert_file", help="Client certificate file for TLS."),
        cfg.StrOpt("key_file", help="Client private key file for TLS."),
        cfg.BoolOpt(
            "insecure",
            default=insecure_default,
            help="Skip verification of the service's TLS certificate.",
        ),
    ]


def _per_service_opts(service):
    opts = _tls_opts(None, None)
    if service == "heat":
        opts.append(
            cfg.URIOpt(
                "url", help="Heat endpoint URL template, e.g. http://0.0.0.0:8004/v1/%(tenant_id)s."
            )
        )
    if service == "keystone":
        opts.append(
            cfg.URIOpt("auth_uri", help="Keystone URL used when the request does not name one.")
        )
    return opts


def _cache_opts(expiration):
    return [
        cfg.BoolOpt("caching", default=True, help="Cache these look-ups."),
        cfg.IntOpt(
            "expiration_time", default=expiration, help="Seconds a cached look-up stays valid."
        ),
    ]


yaql_opts = [
    cfg.IntOpt(
        "limit_iterators",
        default=200,
        help="Maximum number of elements in a collection a yaql expression may take.",
    ),
    cfg.IntOpt(
        "memory_quota", default=10000, help="Maximum memory (bytes) a yaql expression may use."
    ),
]

OPTIONS = (
    [("clients", _tls_opts("public", False))]
    + [("clients_" + service, _per_service_opts(service)) for service in SERVICES]
    + [
        ("constraint_validation_cache", _cache_opts(60)),
        ("resource_finder_cache", _cache_opts(3600)),
        ("yaql", yaql_opts),
    ]
)
