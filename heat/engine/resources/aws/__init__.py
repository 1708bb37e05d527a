"""Resource types of the ``AWS::`` namespace."""
