"""The EC2 ``Tags`` property of the VPC types: accepted, not applied (as in OpenStack Heat)."""

from heat.engine import properties

Schema = properties.Schema


def tag_list(description: str | None = None) -> Schema:
    """A list of Key/Value maps."""
    return Schema(
        Schema.LIST,
        schema=Schema(
            Schema.MAP,
            description,
            schema={
                "Key": Schema(Schema.STRING, required=True),
                "Value": Schema(Schema.STRING, required=True),
            },
            implemented=False,
        ),
    )
