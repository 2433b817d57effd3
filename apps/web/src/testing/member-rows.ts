// Who member `i` is in the tests of the member lists (member tracking, the watchlist, a plan's gap
// legs): the masked name and ADA the BFF sends, a Silver Producer since 2021 on the frontline.
export const maskedMember = (i: number) => ({
  ref: `m${i}`,
  maskedName: { zh: `李*${i}`, en: `Li ${i}` },
  maskedAda: `200******${String(i).padStart(2, '0')}`,
  pinCode: 310,
  joinDate: '2021-01-01',
  level: 1,
});

/** Member `i` as a leg of `gpv` PV that is not Q yet (Q at 10 000 PV), in the 18 % bracket. */
export const legShortOfQ = (i: number, gpv: number) => ({
  ...maskedMember(i),
  gpv,
  pgpv: gpv,
  bracket: 18,
  isQ: false,
  pvToQ: 10_000 - gpv,
  progressPct: Math.floor(gpv / 100),
});
