"""The HTTP APIs: native REST (openstack/v1), CloudFormation (cfn), CloudWatch (cloudwatch)."""
