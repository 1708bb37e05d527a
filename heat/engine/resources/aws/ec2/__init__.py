"""CloudFormation-compatible EC2 resources backed by OpenStack services (``AWS::EC2::*``)."""
