"""``AWS::IAM::`` resource types: stack users and their access keys."""
