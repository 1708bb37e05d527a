"""``OS::Heat::RandomString``: a random string, generated once, for passwords and secrets.

The string has ``length`` characters, at least ``min`` of them from each entry of
``character_classes`` (named classes) and ``character_sequences`` (given characters), the
rest from all of them together, in a random order. It is kept encrypted in the resource
data; changing any property (``salt`` is there for that) makes a new resource.
"""

import secrets
import string
from collections.abc import Iterable, Mapping
from typing import Any

from heat.common import exception
from heat.common.i18n import _
from heat.engine import attributes, constraints, properties, resource, support

PROPERTIES = (LENGTH, SEQUENCE, CHARACTER_CLASSES, CHARACTER_SEQUENCES, SALT) = (
    "length",
    "sequence",
    "character_classes",
    "character_sequences",
    "salt",
)
CLASS, SEQUENCE_CHARACTERS, MINIMUM = "class", "sequence", "min"
VALUE = "value"

CHARACTER_CLASSES_MEMBERS = {
    "lettersdigits": string.ascii_letters + string.digits,
    "letters": string.ascii_letters,
    "lowercase": string.ascii_lowercase,
    "uppercase": string.ascii_uppercase,
    "digits": string.digits,
    "hexdigits": string.digits + "ABCDEF",
    "octdigits": string.octdigits,
}
CLASS_NAMES = list(CHARACTER_CLASSES_MEMBERS)
DEFAULT_CLASS = "lettersdigits"

_random = secrets.SystemRandom()


def _minimum_schema(description: str) -> properties.Schema:
    return properties.Schema(
        properties.Schema.INTEGER,
        description,
        default=1,
        constraints=[constraints.Range(1, 512)],
    )


def generate(length: int, pools: Iterable[tuple[str, int]]) -> str:
    """A random string of ``length`` characters holding at least ``minimum`` characters of
    each ``(characters, minimum)`` pool, the rest drawn from all pools together."""
    chosen: list[str] = []
    every_character: set[str] = set()
    for characters, minimum in pools:
        every_character.update(characters)
        members = sorted(set(characters))
        chosen.extend(secrets.choice(members) for _count in range(minimum))
    combined = sorted(every_character)
    chosen.extend(secrets.choice(combined) for _count in range(length - len(chosen)))
    _random.shuffle(chosen)
    return "".join(chosen)


class RandomString(resource.Resource):
    """A resource which generates a random string.

    This is useful for configuring passwords and secrets on services. Random string can
    be generated from specified character sequences, which means that all characters will
    be randomly chosen from specified sequences, or with some classes, e.g. letterdigits,
    which means that all character will be randomly chosen from union of ascii letters and
    digits. Output string will be randomly generated string with specified length (or with
    length of 32, if length property doesn't specified).
    """

    support_status = support.SupportStatus(version="2014.1")
    # It makes nothing outside the database: its writes can be batched.
    durable_writes = False

    properties_schema = {
        LENGTH: properties.Schema(
            properties.Schema.INTEGER,
            _("Length of the string to generate."),
            default=32,
            constraints=[constraints.Range(1, 512)],
        ),
        SEQUENCE: properties.Schema(
            properties.Schema.STRING,
            _("Sequence of characters to build the random string from."),
            constraints=[constraints.AllowedValues(CLASS_NAMES)],
            support_status=support.SupportStatus(
                support.HIDDEN,
                version="5.0.0",
                previous_status=support.SupportStatus(
                    support.DEPRECATED,
                    message=_("Use property %s.") % CHARACTER_CLASSES,
                    version="2014.2",
                ),
            ),
        ),
        CHARACTER_CLASSES: properties.Schema(
            properties.Schema.LIST,
            _(
                "A list of character class and their constraints to generate the random "
                "string from."
            ),
            schema=properties.Schema(
                properties.Schema.MAP,
                schema={
                    CLASS: properties.Schema(
                        properties.Schema.STRING,
                        _(
                            "A character class and its corresponding %(min)s constraint to "
                            "generate the random string from."
                        )
                        % {"min": MINIMUM},
                        constraints=[constraints.AllowedValues(CLASS_NAMES)],
                        default=DEFAULT_CLASS,
                    ),
                    MINIMUM: _minimum_schema(
                        _(
                            "The minimum number of characters from this character class that "
                            "will be in the generated string."
                        )
                    ),
                },
            ),
            default=[{CLASS: DEFAULT_CLASS, MINIMUM: 1}],
        ),
        CHARACTER_SEQUENCES: properties.Schema(
            properties.Schema.LIST,
            _(
                "A list of character sequences and their constraints to generate the random "
                "string from."
            ),
            schema=properties.Schema(
                properties.Schema.MAP,
                schema={
                    SEQUENCE_CHARACTERS: properties.Schema(
                        properties.Schema.STRING,
                        _(
                            "A character sequence and its corresponding %(min)s constraint to "
                            "generate the random string from."
                        )
                        % {"min": MINIMUM},
                        required=True,
                    ),
                    MINIMUM: _minimum_schema(
                        _(
                            "The minimum number of characters from this sequence that will be "
                            "in the generated string."
                        )
                    ),
                },
            ),
        ),
        SALT: properties.Schema(
            properties.Schema.STRING,
            _(
                "Value which can be set or changed on stack update to trigger the resource "
                "for replacement with a new random string. The salt value itself is ignored "
                "by the random generator."
            ),
        ),
    }

    attributes_schema = {
        VALUE: attributes.Schema(
            _(
                "The random string generated by this resource. This value is also available "
                "by referencing the resource."
            ),
            cache_mode=attributes.Schema.CACHE_NONE,
            type=attributes.Schema.STRING,
        ),
    }

    def _character_classes(self) -> list[Mapping[str, Any]]:
        """The classes to draw from; the deprecated ``sequence`` adds its class (min 1) to
        the classes the template gives, leaving out the default ones."""
        sequence = self.properties[SEQUENCE]
        if not sequence:
            return list(self.properties[CHARACTER_CLASSES] or [])
        given = self.properties.get_user_value(CHARACTER_CLASSES) or []
        return [*given, {CLASS: sequence, MINIMUM: 1}]

    def _pools(self) -> list[tuple[str, int]]:
        sequences = self.properties[CHARACTER_SEQUENCES] or []
        pools = [(item[SEQUENCE_CHARACTERS], item[MINIMUM]) for item in sequences]
        for item in self._character_classes():
            pools.append((CHARACTER_CLASSES_MEMBERS[item[CLASS]], item[MINIMUM]))
        return pools

    def validate(self) -> None:
        """The schema's checks, then that ``length`` can hold every minimum."""
        super().validate()
        minimums = sum(minimum for _characters, minimum in self._pools())
        if minimums > self.properties[LENGTH]:
            raise exception.StackValidationFailed(
                message=_(
                    "Length property cannot be smaller than combined character class and "
                    "character sequence minimums"
                )
            )

    def handle_create(self) -> None:
        """Generate the string and keep it, encrypted."""
        self.data_set(VALUE, generate(self.properties[LENGTH], self._pools()), redact=True)
        self.resource_id_set(self.physical_resource_name())

    def _resolve_attribute(self, name: str) -> Any:
        if name == VALUE:
            return self.data().get(VALUE)
        return None

    def get_reference_id(self) -> str | None:
        """The generated string once created, else the resource name."""
        if self.resource_id is not None:
            return self.data().get(VALUE)
        return self.name


def resource_mapping() -> dict[str, type]:
    """The types this module provides."""
    return {"OS::Heat::RandomString": RandomString}
