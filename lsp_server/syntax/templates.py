"""HTML written in a file's Lit-style tagged templates, read as elements and the bindings on them.

    html`<lion-input-file @file-removed=${ev => ev.target.uploadResponse}>
           <button @click=${ev => ev.target.parentElement.reset()}>Reset</button>
         </lion-input-file>`

A template tagged `html` or `svg` (lit-html; `staticHtml` too) holds HTML whose attribute values and text may be
`${...}` holes. `templates(doc)` tokenizes each template's string fragments (the holes kept as holes: never a
regex over the file) into `Element`s: the tag name, its attributes, the enclosing element of the same template
(None at the template's top), and `bindings`: each hole in an attribute value, by the hole's expression node's
start byte, with the element it sits on and the attribute's name as written (`@file-removed`, `.modelValue`,
`?disabled`, `id`). An attribute with a static value keeps it (`id="car-collapsible"`).

The tokenizer knows what lit-html's template parser knows: start and end tags, attributes (quoted, unquoted,
bare), element directives (`<input ${ref(inputRef)}>`: `element_holes`), comments, raw-text elements (`<script>`, `<style>`, `<textarea>`, `<title>`), void elements, and an end
tag that closes the elements left open inside it. A hole in a tag name (`<${tag}>`) leaves the element out.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from lsp_server.document import ParsedDocument

TAGS = frozenset(("html", "svg", "staticHtml", "staticSvg"))
HOLE = "\x00"  # a hole's place in the joined fragments (never in a template's own text: a NUL is not HTML)
_VOID = frozenset(("area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "param", "source",
                   "track", "wbr"))
_RAW_TEXT = frozenset(("script", "style", "textarea", "title"))


@dataclass(eq=False)
class Element:
    tag: str  # lower case
    parent: "Element | None"
    attributes: dict[str, str] = field(default_factory=dict)  # name as written -> static value (a hole: "")
    start: int = 0  # the start tag's first byte in the file


@dataclass
class Template:
    elements: list[Element] = field(default_factory=list)
    # a hole's expression node start byte -> (the element, the attribute's name) of an attribute-value hole
    bindings: dict[int, tuple[Element, str]] = field(default_factory=dict)
    # a hole's expression node start byte -> the element of a hole in its tag (an element directive:
    # `<input ${ref(inputRef)}>`)
    element_holes: dict[int, Element] = field(default_factory=dict)


def templates(doc: ParsedDocument) -> list[Template]:
    """Each `html`/`svg` tagged template of the file, in document order."""
    if doc.tree is None or b"`" not in doc.source:
        return []
    out = []
    stack = [doc.tree.root_node]
    while stack:
        node = stack.pop()
        if node.type == "call_expression":
            fn, arg = node.child_by_field_name("function"), node.child_by_field_name("arguments")
            if fn is not None and arg is not None and arg.type == "template_string":
                name = doc.node_text(fn).rpartition(".")[2]
                if name in TAGS:
                    out.append(_read(doc, arg))
        stack.extend(reversed(node.named_children))
    return out


def _read(doc: ParsedDocument, template) -> Template:
    """Tokenize one template: its fragments joined with a HOLE for each substitution."""
    parts: list[str] = []
    starts: list[int] = []  # the file byte each joined character comes from (a hole: its expression's start)
    holes: list[int] = []  # each HOLE's expression start byte, in order
    for child in template.children:
        if child.type == "string_fragment" or child.type == "escape_sequence":
            text = doc.node_text(child)
            parts.append(text.replace(HOLE, ""))
            starts.extend([child.start_byte] * len(parts[-1]))
        elif child.type == "template_substitution":
            expr = child.named_children[0] if child.named_children else child
            parts.append(HOLE)
            starts.append(child.start_byte)
            holes.append(expr.start_byte)
    text = "".join(parts)
    out = Template()
    hole_index = 0  # holes met so far (each HOLE in `text`, in order)
    open_elements: list[Element] = []
    i, n = 0, len(text)

    def count_holes(a: int, b: int) -> list[int]:
        nonlocal hole_index
        found = []
        for _ in range(text.count(HOLE, a, b)):
            found.append(holes[hole_index])
            hole_index += 1
        return found

    while i < n:
        lt = text.find("<", i)
        if lt < 0:
            count_holes(i, n)
            break
        count_holes(i, lt)
        if text.startswith("<!--", lt):
            end = text.find("-->", lt + 4)
            end = n if end < 0 else end + 3
            count_holes(lt, end)
            i = end
            continue
        if text.startswith("</", lt):
            j = lt + 2
            while j < n and (text[j].isalnum() or text[j] in "-_:."):
                j += 1
            name = text[lt + 2:j].lower()
            end = text.find(">", j)
            end = n if end < 0 else end + 1
            count_holes(j, end)
            for k in range(len(open_elements) - 1, -1, -1):
                if open_elements[k].tag == name:
                    del open_elements[k:]
                    break
            i = end
            continue
        j = lt + 1
        while j < n and (text[j].isalnum() or text[j] in "-_:."):
            j += 1
        if j == lt + 1 or not text[lt + 1].isalpha():
            if j < n and text[j] == HOLE:  # `<${tag}>`: no element known
                end = text.find(">", j)
                end = n if end < 0 else end + 1
                count_holes(j, end)
                i = end
            else:
                i = lt + 1
            continue
        element = Element(text[lt + 1:j].lower(), open_elements[-1] if open_elements else None,
                          start=starts[lt] if lt < len(starts) else 0)
        # attributes up to the tag's end
        k, closed_self = j, False
        while k < n:
            while k < n and text[k] in " \t\r\n\f":
                k += 1
            if k >= n:
                break
            if text[k] == ">":
                k += 1
                break
            if text.startswith("/>", k):
                k, closed_self = k + 2, True
                break
            a = k
            while k < n and text[k] not in " \t\r\n\f=>" and not text.startswith("/>", k):
                k += 1
            name = text[a:k]
            if not name:  # a lone `/` or the like
                k += 1
                continue
            hole_in_name = count_holes(a, k)
            while k < n and text[k] in " \t\r\n\f":
                k += 1
            value = ""
            value_holes: list[int] = []
            if k < n and text[k] == "=":
                k += 1
                while k < n and text[k] in " \t\r\n\f":
                    k += 1
                if k < n and text[k] in "\"'":
                    quote = text[k]
                    end = text.find(quote, k + 1)
                    end = n if end < 0 else end
                    value = text[k + 1:end]
                    value_holes = count_holes(k + 1, end)
                    k = end + 1
                else:
                    a = k
                    while k < n and text[k] not in " \t\r\n\f>":
                        k += 1
                    value = text[a:k]
                    value_holes = count_holes(a, k)
            if hole_in_name:
                if name == HOLE:  # `<input ${ref(inputRef)}>`: a directive on the element
                    out.element_holes[hole_in_name[0]] = element
                continue  # `${attrs}` spread in a tag: nothing known of it
            element.attributes.setdefault(name, value.replace(HOLE, ""))
            for h in value_holes:
                out.bindings[h] = (element, name)
        out.elements.append(element)
        i = k
        if element.tag in _RAW_TEXT and not closed_self:
            end = text.lower().find(f"</{element.tag}", i)
            end = n if end < 0 else end
            count_holes(i, end)
            i = end
            continue
        if not closed_self and element.tag not in _VOID:
            open_elements.append(element)
    return out
