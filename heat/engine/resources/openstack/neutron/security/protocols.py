"""The protocols a security group rule may match: Neutron's names and IP protocol
numbers (0-255)."""

PROTOCOL_NAMES = (
    "ah",
    "dccp",
    "egp",
    "esp",
    "gre",
    "icmp",
    "icmpv6",
    "igmp",
    "ipv6-encap",
    "ipv6-frag",
    "ipv6-icmp",
    "ipv6-nonxt",
    "ipv6-opts",
    "ipv6-route",
    "ospf",
    "pgm",
    "rsvp",
    "sctp",
    "tcp",
    "udp",
    "udplite",
    "vrrp",
)
PROTOCOLS = [*range(256), *PROTOCOL_NAMES]
# ICMP's "ports" are a type and a code, in any order.
ICMP_PROTOCOLS = ("icmp", "icmpv6", "ipv6-icmp")
