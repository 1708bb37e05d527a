#!/bin/bash
# Runs early at every boot, before the user's script.
${add_custom_user}

# heat-cfntools installed from a package may lack its /opt/aws/bin links.
command -v cfn-create-aws-symlinks >/dev/null && cfn-create-aws-symlinks

# A boothook that fails stops cloud-init: this one never does.
exit 0
