"""Shaping of engine results into the REST API's JSON documents."""
