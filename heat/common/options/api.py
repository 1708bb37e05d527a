"""Options of the three eventlet API servers: where they listen and how many workers."""

from oslo_config import cfg


def _server_opts(port):
    return [
        cfg.HostAddressOpt("bind_host", default="0.0.0.0", help="Address the server listens on."),
        cfg.PortOpt("bind_port", default=port, help="Port the server listens on."),
        cfg.IntOpt(
            "workers",
            default=1,
            min=0,
            help="Number of worker processes; 0 serves from the parent process.",
        ),
        cfg.IntOpt("backlog", default=4096, help="Number of backlog requests for the socket."),
        cfg.StrOpt(
            "cert_file", help="TLS certificate file; with key_file the server speaks https."
        ),
        cfg.StrOpt("key_file", help="TLS private key file."),
        cfg.IntOpt(
            "tcp_keepidle", default=600, help="TCP_KEEPIDLE of the server socket, in seconds."
        ),
        cfg.IntOpt(
            "max_header_line",
            default=16384,
            help="Longest accepted request header line (large with big Keystone tokens).",
        ),
    ]


revision_opts = [
    cfg.StrOpt("heat_revision", default="unknown", help="Revision reported by build_info."),
]

heat_all_opts = [
    cfg.ListOpt(
        "enabled_services",
        default=["engine", "api", "api_cfn", "api_cloudwatch"],
        item_type=cfg.types.String(choices=["engine", "api", "api_cfn", "api_cloudwatch"]),
        help="Services heat-all runs in its one process.",
    ),
]

OPTIONS = [
    ("heat_all", heat_all_opts),
    ("heat_api", _server_opts(8004)),
    ("heat_api_cfn", _server_opts(8000)),
    ("heat_api_cloudwatch", _server_opts(8003)),
    ("revision", revision_opts),
]
