"""Autoscaling arithmetic shared by scaling groups and policies: capacity and cooldown."""
