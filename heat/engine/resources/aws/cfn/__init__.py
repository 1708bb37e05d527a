"""``AWS::CloudFormation::`` resource types."""
