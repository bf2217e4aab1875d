"""An object literal given where a union of an object type, a constructor type and a function type is expected
(Mithril's `m.mount(root, component: ComponentTypes)`, `ComponentTypes = Component | { new(...): ClassComponent } |
FactoryComponent`, `FactoryComponent = (vnode: Vnode) => Component`): TypeScript types the literal's methods by the
arms an object literal can be, so `view(vnode)` gets `Component`'s `vnode: Vnode` (round 50's work after its run:
its `vnode.state` slips were silent). A function or constructor arm has no shape for a literal; a union whose object
arms stay uncertain still types nothing. Each on a minimal package through the real `unknown-symbol` check."""

from __future__ import annotations

from tests.support.symbols_helpers import package_flags

MITHRIL = """
export interface Vnode<A = {}, S = {}> { attrs: A; state: S; key?: string | number; }
export interface Component<A = {}, S = {}> {
  oninit?(vnode: Vnode<A, S>): any;
  view(vnode: Vnode<A, S>): any;
}
export interface ClassComponent<A = {}> { view(vnode: Vnode<A, this>): any; }
export type FactoryComponent<A = {}> = (vnode: Vnode<A>) => Component<A>;
export type ComponentTypes<A = {}, S = {}> =
  | Component<A, S>
  | { new(vnode: Vnode<A>): ClassComponent<A> }
  | FactoryComponent<A>;
export declare function mount(element: Element, component: ComponentTypes<any, any>): void;
export type Loose = Component | Record<string, unknown>;
export declare function loose(component: Loose): void;
"""


def test_a_literals_methods_are_typed_by_the_object_arm_of_the_union(tmp_path):
    # fails without the change: the function arm left the union's shapes unknown, `vnode` untyped
    assert package_flags(tmp_path, MITHRIL, """import { mount } from 'pkg';
mount(document.body, {
  oninit(vnode) { vnode.state; vnode.attrs; },
  view: function(vnode) { return vnode.stte; },
});
mount(document.body, { view: (vnode) => vnode.atrs.title });
""") == [(4, "stte"), (6, "atrs")]


def test_a_union_whose_object_arm_is_uncertain_types_no_method(tmp_path):
    # precision guard (passes on both): an open record arm may have any `view`: nothing is typed by it
    assert package_flags(tmp_path, MITHRIL, """import { loose } from 'pkg';
loose({ view(vnode) { return vnode.stte; } });
""") == []
