"""Resources that are things in Keystone: projects, users, groups, roles and their assignments,
domains, regions, services and endpoints (``OS::Keystone::*``)."""
