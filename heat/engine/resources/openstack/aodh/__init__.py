"""Resources that are alarms in Aodh (``OS::Aodh::*``): alarms on events, on Gnocchi's
metrics, on Prometheus queries, on load balancer members' health, and combinations of
rules."""
