"""Resources that are things in Octavia: load balancers with their listeners, pools, members,
health monitors and L7 policies and rules; flavors, availability zones, their profiles and
quotas (``OS::Octavia::*``)."""
