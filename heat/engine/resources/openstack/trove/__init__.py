"""Resources that are things in Trove, the database service (``OS::Trove::*``): a database
instance with its databases and users, and a cluster of instances."""
