import { expect } from 'chai';
import { PROPS_BUDGET, PROPS_LIMITS, safeProps } from '../../../extension/src/component/props.js';
import { REDACTED } from '../../../src/domain/privacy/textSecrets.js';
import { withPage } from './support/jsdom.js';

describe('extension: a component’s props as the agent reads them (safeProps)', () => {
  it('keeps strings, numbers, booleans and null as they are', () => {
    expect(safeProps({ title: 'Order #42', count: 3, open: true, note: null })).to.deep.equal({
      title: 'Order #42',
      count: 3,
      open: true,
      note: null,
    });
  });

  it('redacts a secret-named prop whole, an ambiguous one when its value looks secret, and credential shapes anywhere', () => {
    const jwt = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.dozjgNryP4J3jVmNHl0w5N_XgL0n3I9PlFUP0THsR8U';
    expect(
      safeProps({
        apiToken: 'sk_live_4eC39HqLyjWDarjtT1zdp7dc',
        password: 'hunter2',
        pin: 1234,
        code: 'DB_TIMEOUT',
        sessionKey: 'a8F3kL9qZ2xW7vB1nM4cR6tY',
        label: `Bearer ${jwt}`,
        i18nKey: 'checkout.submit',
      }),
    ).to.deep.equal({
      apiToken: REDACTED,
      password: REDACTED,
      pin: REDACTED,
      code: 'DB_TIMEOUT',
      sessionKey: REDACTED,
      label: `Bearer ${REDACTED}`,
      i18nKey: 'checkout.submit',
    });
  });

  it(`cuts a string past ${PROPS_LIMITS.string} characters and says how much`, () => {
    const text = 'x'.repeat(PROPS_LIMITS.string + 20);
    expect(safeProps({ text })).to.deep.equal({ text: `${'x'.repeat(PROPS_LIMITS.string)}…[truncated 20 chars]` });
  });

  it('shows functions, React elements, Vue vnodes and DOM nodes as short markers', () => {
    const page = withPage('<button id="go">Go</button>');
    try {
      const element = { $$typeof: Symbol.for('react.transitional.element'), type: function Badge() {}, props: { huge: 'x' } };
      expect(
        safeProps({
          onSave: function onSave() {},
          render: () => null,
          children: element,
          icon: { $$typeof: Symbol.for('react.element'), type: 'svg' },
          slot: { __v_isVNode: true, type: { __name: 'Chip' } },
          anchor: page.document.getElementById('go'),
        }),
      ).to.deep.equal({
        onSave: '[Function onSave]',
        render: '[Function render]',
        children: '[element Badge]',
        icon: '[element svg]',
        slot: '[vnode Chip]',
        anchor: '[node <button>]',
      });
    } finally {
      page.close();
    }
  });

  it(`goes ${PROPS_LIMITS.depth} levels deep, ${PROPS_LIMITS.keys} keys and ${PROPS_LIMITS.items} items wide`, () => {
    const wide = Object.fromEntries(Array.from({ length: PROPS_LIMITS.keys + 3 }, (_, i) => [`k${i}`, i]));
    const out = safeProps({ user: { address: { city: { name: 'Lyon' } } }, list: Array.from({ length: 11 }, (_, i) => i), wide });
    expect(out?.user).to.deep.equal({ address: { city: '[Object]' } });
    expect(out?.list).to.deep.equal([0, 1, 2, 3, 4, 5, 6, 7, '… 3 more items']);
    expect(Object.keys(out?.wide as object)).to.have.length(PROPS_LIMITS.keys + 1);
    expect((out?.wide as Record<string, unknown>)['…']).to.equal('3 more keys');
  });

  it('never calls a getter: it is shown as [getter]', () => {
    let called = false;
    const props = {
      get total() {
        called = true;
        return 42;
      },
    };
    expect(safeProps(props)).to.deep.equal({ total: '[getter]' });
    expect(called).to.equal(false);
  });

  it('keeps a __proto__ prop as data', () => {
    const props = JSON.parse('{"__proto__": {"polluted": true}}') as object;
    const out = safeProps(props) as Record<string, unknown>;
    expect(Object.getOwnPropertyNames(out)).to.deep.equal(['__proto__']);
    expect(({} as Record<string, unknown>).polluted).to.equal(undefined);
  });

  it('costs bounded work and stays under 1 000 characters of JSON on huge or deep props', () => {
    const huge = Object.fromEntries(Array.from({ length: 50_000 }, (_, i) => [`key${i}`, 'v'.repeat(1_000)]));
    let deep: Record<string, unknown> = {};
    const root = deep;
    for (let i = 0; i < 10_000; i++) deep = deep.next = {};
    const wideNested = Object.fromEntries(
      Array.from({ length: 12 }, (_, i) => [
        `g${i}`,
        Object.fromEntries(Array.from({ length: 12 }, (_, j) => [`k${j}`, 'y'.repeat(80)])),
      ]),
    );
    for (const props of [{ huge }, root, wideNested, huge]) {
      expect(JSON.stringify(safeProps(props)).length).to.be.below(1_000);
    }
  });

  it(`reads at most ${PROPS_BUDGET} values, however many the props hold`, () => {
    let reads = 0;
    const counted = <T extends object>(target: T): T =>
      new Proxy(target, {
        getOwnPropertyDescriptor: (object, key) => {
          if (typeof key === 'string' && /^\d/.test(key)) reads++; // an array's items: none read by Object.keys
          return Reflect.getOwnPropertyDescriptor(object, key);
        },
      });
    const twelve = <T>(make: () => T) => Object.fromEntries(Array.from({ length: 12 }, (_, i) => [`k${i}`, make()]));
    safeProps(counted(twelve(() => counted(twelve(() => counted([1, 2, 3, 4, 5, 6, 7, 8]))))));
    expect(reads).to.be.greaterThan(20).and.at.most(PROPS_BUDGET);
  });

  it('gives nothing for props that are not an object or have no keys', () => {
    expect(safeProps(undefined)).to.equal(undefined);
    expect(safeProps('text')).to.equal(undefined);
    expect(safeProps({})).to.equal(undefined);
  });
});
