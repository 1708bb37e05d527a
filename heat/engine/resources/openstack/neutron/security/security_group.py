"""``OS::Neutron::SecurityGroup``: a security group and its whole set of rules; without
egress rules of its own the group keeps Neutron's default ones (any IPv4, any IPv6)."""

from typing import Any

from heat.common import exception
from heat.common.i18n import _
from heat.engine import constraints, properties, support
from heat.engine.resources.openstack.neutron.neutron_resource import NeutronResource
from heat.engine.resources.openstack.neutron.security.protocols import PROTOCOLS

NAME, RULES, STATEFUL = "name", "rules", "stateful"
DIRECTION, REMOTE_MODE, REMOTE_GROUP_ID, REMOTE_IP_PREFIX, DESCRIPTION = (
    "direction",
    "remote_mode",
    "remote_group_id",
    "remote_ip_prefix",
    "description",
)
DEFAULT_EGRESS_RULES = (
    {DIRECTION: "egress", "ethertype": "IPv4"},
    {DIRECTION: "egress", "ethertype": "IPv6"},
)
# What makes two rules the same rule.
RULE_KEYS = (
    DIRECTION,
    "ethertype",
    "protocol",
    "port_range_min",
    "port_range_max",
    REMOTE_GROUP_ID,
    REMOTE_IP_PREFIX,
    "security_group_id",
)
STATEFUL_EXTENSION = "stateful-security-group"

GROUP_PROPERTIES = {
    "description": properties.Schema(
        properties.Schema.STRING,
        _("Description of the security group."),
        update_allowed=True,
    ),
    "name": properties.Schema(
        properties.Schema.STRING,
        _(
            "A string specifying a symbolic name for the security group, which is not "
            "required to be unique."
        ),
        update_allowed=True,
    ),
    "rules": properties.Schema(
        properties.Schema.LIST,
        _("List of security group rules."),
        default=[],
        update_allowed=True,
        schema=properties.Schema(
            properties.Schema.MAP,
            schema={
                "description": properties.Schema(
                    properties.Schema.STRING,
                    _("Description of the security group rule."),
                ),
                "direction": properties.Schema(
                    properties.Schema.STRING,
                    _(
                        "The direction in which the security group rule is applied. For a compute "
                        "instance, an ingress security group rule matches traffic that is incoming"
                        " (ingress) for that instance. An egress rule is applied to traffic "
                        "leaving the instance."
                    ),
                    default="ingress",
                    constraints=[constraints.AllowedValues(["ingress", "egress"])],
                ),
                "ethertype": properties.Schema(
                    properties.Schema.STRING,
                    _("Ethertype of the traffic."),
                    default="IPv4",
                    constraints=[constraints.AllowedValues(["IPv4", "IPv6"])],
                ),
                "port_range_max": properties.Schema(
                    properties.Schema.INTEGER,
                    _(
                        "The maximum port number in the range that is matched by the security "
                        "group rule. The port_range_min attribute constrains the port_range_max "
                        "attribute. If the protocol is ICMP, this value must be an ICMP type."
                    ),
                    constraints=[constraints.Range(max=65535, min=0)],
                ),
                "port_range_min": properties.Schema(
                    properties.Schema.INTEGER,
                    _(
                        "The minimum port number in the range that is matched by the security "
                        "group rule. If the protocol is TCP or UDP, this value must be less than "
                        "or equal to the value of the port_range_max attribute. If the protocol is"
                        " ICMP, this value must be an ICMP type."
                    ),
                    constraints=[constraints.Range(max=65535, min=0)],
                ),
                "protocol": properties.Schema(
                    properties.Schema.STRING,
                    _(
                        "The protocol that is matched by the security group rule. Allowed values "
                        "are ah, dccp, egp, esp, gre, icmp, icmpv6, igmp, ipv6-encap, ipv6-frag, "
                        "ipv6-icmp, ipv6-nonxt, ipv6-opts, ipv6-route, ospf, pgm, rsvp, sctp, tcp,"
                        " udp, udplite, vrrp and integer representations [0-255]. If not "
                        "specified, all protocols will be matched."
                    ),
                    constraints=[constraints.AllowedValues(PROTOCOLS)],
                ),
                "remote_group_id": properties.Schema(
                    properties.Schema.STRING,
                    _(
                        "The remote group ID to be associated with this security group rule. If no"
                        " value is specified then this rule will use this security group for the "
                        "remote_group_id. The remote mode parameter must be set to "
                        '"remote_group_id".'
                    ),
                    constraints=[constraints.CustomConstraint("neutron.security_group")],
                ),
                "remote_ip_prefix": properties.Schema(
                    properties.Schema.STRING,
                    _(
                        "The remote IP prefix (CIDR) to be associated with this security group "
                        "rule."
                    ),
                    constraints=[constraints.CustomConstraint("net_cidr")],
                ),
                "remote_mode": properties.Schema(
                    properties.Schema.STRING,
                    _("Whether to specify a remote group or a remote IP prefix."),
                    default="remote_ip_prefix",
                    constraints=[
                        constraints.AllowedValues(["remote_ip_prefix", "remote_group_id"])
                    ],
                ),
            },
        ),
    ),
    "stateful": properties.Schema(
        properties.Schema.BOOLEAN,
        _("Whether to create this security group as stateful or stateless."),
        update_allowed=True,
    ),
}


def rule_key(rule: dict[str, Any]) -> tuple:
    """The rule's identity, whatever the types Neutron or the template give its values."""
    return tuple(None if rule.get(key) is None else str(rule[key]) for key in RULE_KEYS)


def _template_rule(rule: dict[str, Any]) -> dict[str, Any]:
    """A rule as Neutron shows it, in the terms of the template's ``rules``."""
    shown = {DIRECTION: rule[DIRECTION], "ethertype": rule.get("ethertype")}
    for key in ("protocol", "port_range_min", "port_range_max", DESCRIPTION):
        if rule.get(key) not in (None, ""):
            shown[key] = rule[key]
    if rule.get(REMOTE_GROUP_ID):
        shown.update({REMOTE_MODE: REMOTE_GROUP_ID, REMOTE_GROUP_ID: rule[REMOTE_GROUP_ID]})
    elif rule.get(REMOTE_IP_PREFIX):
        shown[REMOTE_IP_PREFIX] = rule[REMOTE_IP_PREFIX]
    return shown


class SecurityGroup(NeutronResource):
    """A Neutron security group whose rules are those of the template."""

    support_status = support.SupportStatus(version="2014.1")
    entity = "security_group"
    required_extension = "security-group"
    properties_schema = GROUP_PROPERTIES

    def collection_path(self) -> str:
        return "/security-groups"

    def create_body(self) -> dict[str, Any]:
        body = super().create_body()
        body.pop(RULES, None)
        if body.get(STATEFUL) is not None and not self._stateful_supported():
            body.pop(STATEFUL)
        return body

    def update_body(self, prop_diff: dict[str, Any]) -> dict[str, Any]:
        """A description removed is an empty one (Neutron refuses none)."""
        body = super().update_body(prop_diff)
        body.pop(RULES, None)
        if DESCRIPTION in body and body[DESCRIPTION] is None:
            body[DESCRIPTION] = ""
        return body

    def _stateful_supported(self) -> bool:
        return bool(self.client_plugin().has_extension(STATEFUL_EXTENSION))

    def after_create(self) -> None:
        """Make the template's rules; its own egress rules replace Neutron's default ones."""
        rules = [self._neutron_rule(rule) for rule in self.properties[RULES] or []]
        if any(rule[DIRECTION] == "egress" for rule in rules):
            for rule in self._current_rules():
                if rule[DIRECTION] == "egress":
                    self._delete_rule(rule["id"])
        self._create_rules(rules)

    def _neutron_rule(self, rule: dict[str, Any]) -> dict[str, Any]:
        """A rule of the template as Neutron takes it: in this group, its remote a group
        (this one when none is named) or an IP prefix as ``remote_mode`` says."""
        body = {key: value for key, value in rule.items() if value is not None}
        body["security_group_id"] = self.resource_id
        mode = body.pop(REMOTE_MODE, None)
        if mode == REMOTE_GROUP_ID:
            body.pop(REMOTE_IP_PREFIX, None)
            body[REMOTE_GROUP_ID] = self.neutron_id(
                "security_group", body.get(REMOTE_GROUP_ID) or self.resource_id
            )
        elif mode is not None:
            body.pop(REMOTE_GROUP_ID, None)
        return body

    def parse_live_resource_data(self, properties: Any, data: Any) -> dict[str, Any]:
        """Name, description and statefulness as Neutron has them; the rules as stored while
        Neutron has exactly those (with the default egress ones when the template has no
        egress rule), else Neutron's rules in the template's terms."""
        live = super().parse_live_resource_data(properties, data)
        stored = properties.get(RULES) or []
        template_egress = any(rule.get(DIRECTION) == "egress" for rule in stored)
        wanted = list(stored) if template_egress else [*stored, *DEFAULT_EGRESS_RULES]
        desired = {rule_key(self._neutron_rule(rule)) for rule in wanted}
        current = list(data.get("security_group_rules") or [])
        if {rule_key(rule) for rule in current} == desired:
            live[RULES] = stored
            return live
        defaults = {rule_key(self._neutron_rule(dict(rule))) for rule in DEFAULT_EGRESS_RULES}
        live[RULES] = [
            _template_rule(rule)
            for rule in current
            if template_egress or rule_key(rule) not in defaults
        ]
        return live

    def _current_rules(self) -> list[dict[str, Any]]:
        return list(self.show_item()["security_group_rules"])

    def _create_rules(self, rules: list[dict[str, Any]]) -> None:
        if rules:
            self.request("post", "/security-group-rules", {"security_group_rules": rules})

    def _delete_rule(self, rule_id: str) -> None:
        try:
            self.request("delete", "/security-group-rules/%s" % rule_id)
        except Exception as error:  # a rule already gone is no error
            self.client_plugin().ignore_not_found(error)

    def handle_update(self, json_snippet: Any, tmpl_diff: dict, prop_diff: dict) -> None:
        """Name, description and statefulness in place (the latter only while no port
        uses the group); the rules made to be the template's, default egress included
        when the template has no egress rule."""
        if STATEFUL in prop_diff:
            self._check_stateful_change()
        super().handle_update(json_snippet, tmpl_diff, prop_diff)
        if RULES in prop_diff:
            self._reconcile_rules(prop_diff[RULES] or [])

    def _check_stateful_change(self) -> None:
        ports = self.request("get", "/ports?security_groups=%s" % self.resource_id)["ports"]
        if ports:
            raise exception.NotSupported(
                feature=_(
                    'Updating the "stateful" property while security group "%(sg)s" is '
                    "attached to ports. Detach all ports from the security group and retry."
                )
                % {"sg": self.resource_id}
            )

    def _reconcile_rules(self, rules: list[dict[str, Any]]) -> None:
        wanted = list(rules)
        if not any(rule.get(DIRECTION) == "egress" for rule in wanted):
            wanted.extend(DEFAULT_EGRESS_RULES)
        desired = {rule_key(body): body for body in map(self._neutron_rule, wanted)}
        current = {rule_key(rule): rule for rule in self._current_rules()}
        for key, rule in current.items():
            if key not in desired:
                self._delete_rule(rule["id"])
        self._create_rules([body for key, body in desired.items() if key not in current])

    def handle_delete(self) -> None:
        """Delete the rules, then the group; either already gone is not an error."""
        if self.resource_id is None:
            return
        try:
            rules = self._current_rules()
        except Exception as error:  # the group is gone already
            self.client_plugin().ignore_not_found(error)
            return
        for rule in rules:
            self._delete_rule(rule["id"])
        super().handle_delete()

    def validate(self) -> None:
        """The name ``default`` is Neutron's own group; a stateless group needs Neutron's
        extension for it."""
        super().validate()
        if self.properties[NAME] == "default":
            raise exception.StackValidationFailed(
                message=_('Security groups cannot be assigned the name "default".')
            )
        if self.properties[STATEFUL] is False and not self._stateful_supported():
            raise exception.StackValidationFailed(
                message=_(
                    "Neutron does not support stateless security groups; remove the "
                    '"stateful" property or set it to true.'
                )
            )


def resource_mapping() -> dict[str, type]:
    """The types this module provides."""
    return {"OS::Neutron::SecurityGroup": SecurityGroup}
