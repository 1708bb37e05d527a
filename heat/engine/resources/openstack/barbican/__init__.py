"""Resources that are things in Barbican (``OS::Barbican::*``): secrets, the orders that
make secrets, and containers that group them."""
