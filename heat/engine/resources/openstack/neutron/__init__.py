"""Resources that are things in Neutron (``OS::Neutron::*``), each one item of Neutron's
API on one base (:mod:`.neutron_resource`), in rooms: ``networks`` (networks, subnets,
ports and what shapes them), ``routing`` (routers, their interfaces and routes, floating
IPs), ``security`` (security groups) and ``services`` (metering and the extension
packages: VPN, firewall, taps, L2 gateways, service function chaining)."""
