"""Fixtures of the AWS-side tests: the split deployment on the real Keystone."""

from tests.functional.aws.cfn import (  # noqa: F401 (fixtures used by name)
    cloudformation,
    demo_keys,
    described_stack,
    stacks,
)
from tests.functional.aws.cloudwatch import (  # noqa: F401, E402 (fixtures used by name)
    alarm_stacks,
    alt_cloudwatch,
    cloudwatch,
)
from tests.functional.aws.native import software_stacks  # noqa: F401 (fixture used by name)
from tests.functional.aws_heat import aws_heat  # noqa: F401 (fixture used by name)
