"""Stand-ins for what a one-machine lab lacks: a network agent, a storage backend's image
cloning, and a hypervisor that keeps what a server was given to boot with."""
