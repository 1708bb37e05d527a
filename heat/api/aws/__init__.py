"""What the AWS-compatible APIs share: the Query protocol, its errors, and EC2 signatures."""
