"""Resources that are things in Magnum (``OS::Magnum::*``): container orchestration
clusters and the cluster templates they are built from."""
