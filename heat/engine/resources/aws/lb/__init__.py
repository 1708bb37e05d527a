"""``AWS::ElasticLoadBalancing::LoadBalancer``: HAProxy in a nested stack, as upstream."""
