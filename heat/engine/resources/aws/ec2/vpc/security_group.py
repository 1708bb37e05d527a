"""``AWS::EC2::SecurityGroup``: a Neutron security group with the EC2 rules of
``SecurityGroupIngress`` and ``SecurityGroupEgress`` (IPv4). Giving egress rules replaces
Neutron's default allow-all egress; an update adds and removes only the rules that
changed."""

from typing import Any

from heat.common.i18n import _
from heat.engine import properties
from heat.engine.resource import Resource

Schema = properties.Schema
INGRESS, EGRESS = "SecurityGroupIngress", "SecurityGroupEgress"
DIRECTIONS = {INGRESS: "ingress", EGRESS: "egress"}
#: A rule as this module compares them: Neutron's keys.
RULE_KEYS = (
    "direction",
    "protocol",
    "port_range_min",
    "port_range_max",
    "remote_ip_prefix",
    "remote_group_id",
)


def _rule_schema(description: str) -> Schema:
    rule = {key: Schema(Schema.STRING) for key in ("CidrIp", "FromPort", "ToPort", "IpProtocol")}
    rule["SourceSecurityGroupId"] = Schema(Schema.STRING)
    rule["SourceSecurityGroupName"] = Schema(Schema.STRING)
    rule["SourceSecurityGroupOwnerId"] = Schema(Schema.STRING, implemented=False)
    return Schema(
        Schema.LIST, update_allowed=True, schema=Schema(Schema.MAP, description, schema=rule)
    )


def _port(value: Any) -> int | None:
    """An EC2 port as Neutron takes it: a negative one (EC2's "any") is none."""
    if value is None:
        return None
    number = int(value)
    return number if number >= 0 else None


class SecurityGroup(Resource):
    """A security group with EC2's rules."""

    default_client_name = "neutron"
    properties_schema = {
        "GroupDescription": Schema(
            Schema.STRING, _("Description of the security group."), required=True
        ),
        "VpcId": Schema(Schema.STRING, _("Physical ID of the VPC. Not implemented.")),
        INGRESS: _rule_schema(_("List of security group ingress rules.")),
        EGRESS: _rule_schema(_("List of security group egress rules.")),
    }

    def wanted_rules(self, values: Any) -> list[dict[str, Any]]:
        """The rules ``values`` (the properties) ask for, as Neutron's rules."""
        rules = []
        for key, direction in DIRECTIONS.items():
            for rule in values[key] or []:
                first, last = _port(rule.get("FromPort")), _port(rule.get("ToPort"))
                no_ports = rule.get("FromPort") is None and rule.get("ToPort") is None
                source = rule.get("SourceSecurityGroupId") or rule.get("SourceSecurityGroupName")
                protocol = rule.get("IpProtocol")
                rules.append(
                    {
                        "direction": direction,
                        "protocol": None if protocol in (None, "-1") else protocol,
                        "port_range_min": first,
                        "port_range_max": last,
                        "remote_ip_prefix": None if no_ports else rule.get("CidrIp"),
                        "remote_group_id": self._group_id(source),
                    }
                )
        return rules

    def _group_id(self, name_or_id: str | None) -> str | None:
        if not name_or_id:
            return None
        return self.client_plugin().find_resourceid_by_name_or_id("security_group", name_or_id)

    def _create_rule(self, rule: dict[str, Any]) -> None:
        try:
            self.client().create_security_group_rule(
                security_group_id=self.resource_id, ether_type="IPv4", **rule
            )
        except Exception as error:  # the same rule twice is one rule
            if not self.client_plugin().is_conflict(error):
                raise

    def handle_create(self) -> None:
        network = self.client()
        group = network.create_security_group(
            name=self.physical_resource_name(), description=self.properties["GroupDescription"]
        )
        self.resource_id_set(group.id)
        if self.properties[EGRESS]:
            for rule in group.security_group_rules or []:
                if rule["direction"] == "egress":
                    network.delete_security_group_rule(rule["id"])
        for rule in self.wanted_rules(self.properties):
            self._create_rule(rule)

    def existing_rules(self) -> dict[str, dict[str, Any]]:
        """The group's rules in Neutron, by id."""
        group = self.client().get_security_group(self.resource_id)
        return {
            rule["id"]: {key: rule.get(key) for key in RULE_KEYS}
            for rule in group.security_group_rules or []
        }

    def handle_update(self, json_snippet: Any, tmpl_diff: dict, prop_diff: dict) -> None:
        if INGRESS not in prop_diff and EGRESS not in prop_diff:
            return
        network = self.client()
        wanted = self.wanted_rules(self.properties)
        existing = self.existing_rules()
        for rule_id, rule in existing.items():
            if rule not in wanted:
                network.delete_security_group_rule(rule_id, ignore_missing=True)
        for rule in wanted:
            if rule not in existing.values():
                self._create_rule(rule)

    def handle_check(self) -> None:
        self.client().get_security_group(self.resource_id)

    def handle_delete(self) -> None:
        if self.resource_id is not None:
            self.client().delete_security_group(self.resource_id, ignore_missing=True)


def resource_mapping() -> dict[str, type]:
    """The types this module provides."""
    return {"AWS::EC2::SecurityGroup": SecurityGroup}
