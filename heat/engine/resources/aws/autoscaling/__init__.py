"""AWS::AutoScaling resource types."""
