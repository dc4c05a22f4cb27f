#!/bin/sh
set -eu
defined=$(env | cut -d= -f1 | sed 's/^/${/; s/$/}/' | tr '\n' ' ')
for template in /etc/nginx/templates/*.template; do
  [ -e "$template" ] || continue
  name=$(basename "$template" .template)
  envsubst "$defined" < "$template" > "/etc/nginx/conf.d/$name"
done
exec nginx -g 'daemon off;'
