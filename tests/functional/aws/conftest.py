"""Fixtures of the AWS-side tests: the split deployment on the real Keystone."""

from tests.functional.aws_heat import aws_heat  # noqa: F401 (fixture used by name)
