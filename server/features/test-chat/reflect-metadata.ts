// @peculiar/x509 registers its algorithms with tsyringe, which refuses to load unless a Reflect
// metadata polyfill ran first (its README names reflect-metadata). tsyringe calls only these three
// functions and this code emits no decorator metadata, so a WeakMap is enough. Import it first.
type Key = unknown;
type Target = object;
type MetadataStore = WeakMap<Target, Map<PropertyKey | undefined, Map<Key, unknown>>>;

const reflect = Reflect as typeof Reflect & {
  getMetadata?: (key: Key, target: Target, property?: PropertyKey) => unknown;
  getOwnMetadata?: (key: Key, target: Target, property?: PropertyKey) => unknown;
  defineMetadata?: (key: Key, value: unknown, target: Target, property?: PropertyKey) => void;
};

if (typeof reflect.getMetadata !== 'function') {
  const store: MetadataStore = new WeakMap();
  const own = (target: Target, property: PropertyKey | undefined) => store.get(target)?.get(property);
  reflect.defineMetadata = (key, value, target, property) => {
    let byProperty = store.get(target);
    if (!byProperty) store.set(target, (byProperty = new Map()));
    let entries = byProperty.get(property);
    if (!entries) byProperty.set(property, (entries = new Map()));
    entries.set(key, value);
  };
  reflect.getOwnMetadata = (key, target, property) => own(target, property)?.get(key);
  reflect.getMetadata = (key, target, property) => {
    for (let t: Target | null = target; t; t = Object.getPrototypeOf(t) as Target | null) {
      const entries = own(t, property);
      if (entries?.has(key)) return entries.get(key);
    }
    return undefined;
  };
}

export {};
