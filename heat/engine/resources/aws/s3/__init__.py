"""CloudFormation-compatible S3 buckets backed by Swift containers (``AWS::S3::*``)."""
