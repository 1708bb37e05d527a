"""Resources that are things in Mistral (``OS::Mistral::*``): workflows, the cron triggers
that run them on a schedule, and resources Heat does not know that workflows manage."""
