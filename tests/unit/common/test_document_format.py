"""YAML/JSON reading and writing shared by templates and environments."""

import pytest

from heat.common import document_format


def test_multi_line_strings_are_written_as_block_scalars():
    assert document_format.dump({"script": "#!/bin/sh\necho hi\n"}) == (
        "script: |\n  #!/bin/sh\n  echo hi\n"
    )


def test_date_like_strings_are_quoted_so_they_read_back_the_same():
    text = document_format.dump({"version": "2010-09-09"})
    assert document_format.load(text) == {"version": "2010-09-09"}


def test_written_yaml_reads_back_to_the_same_document():
    document = {"b": [1, {"c": "two\nlines"}], "a": None, "t": True}
    assert document_format.load(document_format.dump(document)) == document


def test_invalid_json_that_is_not_yaml_either_is_a_value_error():
    with pytest.raises(ValueError):
        document_format.load('{"a": [}')


def test_unicode_is_written_as_is():
    assert document_format.dump({"name": "café"}) == "name: café\n"
