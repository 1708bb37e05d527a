"""Resource types of Amazon EC2 (``AWS::EC2::*``) made with Nova, Cinder and Neutron."""
