"""Networks, subnets, ports and what shapes them: provider networks, segments, subnet pools
and address scopes, trunks, RBAC policies, quotas and QoS policies."""
