"""Resources that are things in Manila (``OS::Manila::*``): shares, the share types that
place them, the share networks their share servers live on, and the security services of
those networks."""
