"""Generic graphs and their walker: keys, requirements, and running a task per key in
dependency order. Nothing here knows what a key stands for (a resource, a phase of one)."""
