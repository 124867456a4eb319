"""The post-match sequence: the commissioner's decisions (draft), the sequence worked out before anything
is written (plan, affairs for step 4.1, the team state both share), and the service that writes it (write)."""
