"""The engine's RPC methods, grouped by subject as the RPC client groups them."""
