"""The EC2 VPC family on Neutron: a VPC is a network and a router of the same name."""
