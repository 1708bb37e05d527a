"""CloudFormation-compatible template formats and their intrinsic functions."""
