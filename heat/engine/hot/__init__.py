"""HOT (Heat Orchestration Template) formats: version classes and their intrinsic functions."""
