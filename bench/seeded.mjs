// The n-th configuration of a seeded emulator, asked of the API (lists are in id order): a seed's
// ids are real-looking 10-digit numbers (src/server/seed/ids.ts), so the benches name a
// configuration by its place in the seed rather than by an id written here.
export async function nthConfiguration(url, token, n) {
  const res = await fetch(`${url}/content_delivery/configurations?page=${n}&page_size=1`, { headers: { authorization: `Token ${token}` } });
  const [conf] = await res.json();
  if (!conf) throw new Error(`the seed has no configuration number ${n}`);
  return conf.id;
}
