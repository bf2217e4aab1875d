; GraphQL documents written in tagged templates (lsp_server/syntax/graphql.py): the tag and the template. Which
; tags name GraphQL (`graphql`, `gql`, `graphql.experimental`) is the Python side's to decide.

; graphql`query AppQuery { user { name } }`   gql`...`   graphql.experimental`fragment X on User { name }`
(call_expression
  function: [(identifier) (member_expression)] @template.tag
  arguments: (template_string) @template.body)
