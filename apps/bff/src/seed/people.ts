// Personal details of generated distributors: names (Chinese + pinyin), phone, PRC resident id
// (GB 11643 checksum), bank card (Luhn) and bank, and a generated avatar for the demo accounts.
import { chineseIdCheckChar } from '../lib/national-id.ts';
import type { Rng } from './prng.ts';

/** Common surnames with their pinyin, most frequent first (weights roughly by frequency). */
const SURNAMES: readonly (readonly [string, string, number])[] = [
  ['王', 'Wang', 72],
  ['李', 'Li', 70],
  ['张', 'Zhang', 68],
  ['刘', 'Liu', 53],
  ['陈', 'Chen', 46],
  ['杨', 'Yang', 33],
  ['黄', 'Huang', 25],
  ['赵', 'Zhao', 22],
  ['吴', 'Wu', 21],
  ['周', 'Zhou', 21],
  ['徐', 'Xu', 16],
  ['孙', 'Sun', 15],
  ['马', 'Ma', 15],
  ['朱', 'Zhu', 14],
  ['胡', 'Hu', 13],
  ['郭', 'Guo', 12],
  ['何', 'He', 12],
  ['林', 'Lin', 11],
  ['高', 'Gao', 11],
  ['罗', 'Luo', 10],
  ['郑', 'Zheng', 10],
  ['梁', 'Liang', 9],
  ['谢', 'Xie', 8],
  ['宋', 'Song', 7],
  ['唐', 'Tang', 7],
  ['许', 'Xu', 6],
  ['邓', 'Deng', 6],
  ['韩', 'Han', 6],
  ['冯', 'Feng', 6],
  ['曹', 'Cao', 6],
  ['彭', 'Peng', 5],
  ['曾', 'Zeng', 5],
  ['肖', 'Xiao', 5],
  ['田', 'Tian', 5],
  ['董', 'Dong', 5],
  ['潘', 'Pan', 4],
  ['袁', 'Yuan', 4],
  ['蔡', 'Cai', 4],
  ['蒋', 'Jiang', 4],
  ['余', 'Yu', 4],
  ['于', 'Yu', 4],
  ['杜', 'Du', 4],
  ['叶', 'Ye', 4],
  ['程', 'Cheng', 3],
  ['魏', 'Wei', 3],
  ['苏', 'Su', 3],
  ['吕', 'Lyu', 3],
  ['丁', 'Ding', 3],
  ['任', 'Ren', 3],
  ['卢', 'Lu', 3],
  ['姚', 'Yao', 3],
  ['沈', 'Shen', 3],
  ['钟', 'Zhong', 3],
  ['姜', 'Jiang', 3],
  ['崔', 'Cui', 3],
  ['谭', 'Tan', 2],
  ['陆', 'Lu', 2],
  ['范', 'Fan', 2],
  ['汪', 'Wang', 2],
  ['廖', 'Liao', 2],
  ['石', 'Shi', 2],
  ['金', 'Jin', 2],
  ['韦', 'Wei', 2],
  ['贾', 'Jia', 2],
  ['夏', 'Xia', 2],
  ['欧阳', 'Ouyang', 1],
  ['司马', 'Sima', 1],
  ['上官', 'Shangguan', 1],
];
const SURNAME_WEIGHTS = SURNAMES.map((s) => s[2]);

/** Given-name characters with pinyin, by gender feel; names are one or two of these. */
const GIVEN_FEMALE: readonly (readonly [string, string])[] = [
  ['丽', 'li'],
  ['华', 'hua'],
  ['敏', 'min'],
  ['静', 'jing'],
  ['婷', 'ting'],
  ['芳', 'fang'],
  ['娟', 'juan'],
  ['霞', 'xia'],
  ['秀', 'xiu'],
  ['英', 'ying'],
  ['玲', 'ling'],
  ['燕', 'yan'],
  ['红', 'hong'],
  ['梅', 'mei'],
  ['琳', 'lin'],
  ['雪', 'xue'],
  ['慧', 'hui'],
  ['晶', 'jing'],
  ['颖', 'ying'],
  ['倩', 'qian'],
  ['洁', 'jie'],
  ['莉', 'li'],
  ['萍', 'ping'],
  ['佳', 'jia'],
  ['欣', 'xin'],
  ['悦', 'yue'],
  ['思', 'si'],
  ['雨', 'yu'],
  ['怡', 'yi'],
  ['宁', 'ning'],
];
const GIVEN_MALE: readonly (readonly [string, string])[] = [
  ['伟', 'wei'],
  ['强', 'qiang'],
  ['磊', 'lei'],
  ['军', 'jun'],
  ['勇', 'yong'],
  ['杰', 'jie'],
  ['涛', 'tao'],
  ['明', 'ming'],
  ['超', 'chao'],
  ['刚', 'gang'],
  ['平', 'ping'],
  ['辉', 'hui'],
  ['鹏', 'peng'],
  ['华', 'hua'],
  ['飞', 'fei'],
  ['斌', 'bin'],
  ['宇', 'yu'],
  ['浩', 'hao'],
  ['凯', 'kai'],
  ['健', 'jian'],
  ['俊', 'jun'],
  ['帆', 'fan'],
  ['峰', 'feng'],
  ['建', 'jian'],
  ['国', 'guo'],
  ['文', 'wen'],
  ['志', 'zhi'],
  ['海', 'hai'],
  ['波', 'bo'],
  ['东', 'dong'],
];

/** Administrative-division prefixes of the id number (city districts near the SHOPS cities). */
const REGIONS: readonly string[] = [
  '110101',
  '110105',
  '110108',
  '310101',
  '310104',
  '310115',
  '440103',
  '440106',
  '440304',
  '440305',
  '510104',
  '510107',
  '330102',
  '330106',
  '420102',
  '420106',
  '610102',
  '610113',
  '320102',
  '370102',
  '350102',
  '430102',
  '500103',
  '120101',
  '210102',
  '410102',
];

export const BANKS: readonly { readonly bin: string; readonly name: string; readonly length: number }[] = [
  { bin: '622202', name: '中国工商银行', length: 19 },
  { bin: '621700', name: '中国建设银行', length: 19 },
  { bin: '622848', name: '中国农业银行', length: 19 },
  { bin: '621661', name: '中国银行', length: 19 },
  { bin: '622588', name: '招商银行', length: 16 },
  { bin: '622262', name: '交通银行', length: 19 },
  { bin: '622908', name: '兴业银行', length: 18 },
  { bin: '621483', name: '招商银行', length: 16 },
  { bin: '622155', name: '中国工商银行', length: 16 },
  { bin: '621799', name: '中国邮政储蓄银行', length: 19 },
];

export interface Person {
  nameZh: string;
  nameEn: string;
  female: boolean;
  phone: string;
  nationalId: string;
  bankCard: string;
  bankName: string;
}

/** A Chinese name and its pinyin (surname first, as written in mainland China). */
export function randomName(rng: Rng, female: boolean): { zh: string; en: string } {
  const [sz, se] = SURNAMES[rng.weighted(SURNAME_WEIGHTS)]!;
  const pool = female ? GIVEN_FEMALE : GIVEN_MALE;
  const [g1z, g1e] = rng.pick(pool);
  if (rng.chance(0.3)) {
    return { zh: sz + g1z, en: `${se} ${cap(g1e)}` };
  }
  const [g2z, g2e] = rng.pick(pool);
  return { zh: sz + g1z + g2z, en: `${se} ${cap(g1e)}${g2e}` };
}

function cap(s: string): string {
  return s.charAt(0).toUpperCase() + s.slice(1);
}

/** 11 digits, 13x / 15x / 18x. */
export function randomPhone(rng: Rng): string {
  return `1${rng.pick(['3', '5', '8'])}${rng.digits(9)}`;
}

/** An 18-character PRC resident id with a real birth date and the GB 11643 check character. */
export function randomNationalId(rng: Rng, birth: { y: number; m: number; d: number }, female: boolean): string {
  const seq2 = rng.digits(2);
  // The 17th digit is odd for men, even for women.
  const sexDigit = 2 * rng.int(0, 4) + (female ? 0 : 1);
  const first17 = `${rng.pick(REGIONS)}${birth.y}${pad2(birth.m)}${pad2(birth.d)}${seq2}${sexDigit}`;
  return first17 + chineseIdCheckChar(first17);
}

/** Luhn check digit of a digit string. */
export function luhnCheckDigit(body: string): string {
  let sum = 0;
  for (let i = 0; i < body.length; i++) {
    let d = body.charCodeAt(body.length - 1 - i) - 48;
    if (i % 2 === 0) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return String((10 - (sum % 10)) % 10);
}

export function randomBankCard(rng: Rng): { card: string; bank: string } {
  const b = rng.pick(BANKS);
  const body = b.bin + rng.digits(b.length - b.bin.length - 1);
  return { card: body + luhnCheckDigit(body), bank: b.name };
}

function pad2(n: number): string {
  return n < 10 ? `0${n}` : String(n);
}

/** Days in a month (m 1–12). */
export function daysInMonth(y: number, m: number): number {
  return new Date(Date.UTC(y, m, 0)).getUTCDate();
}

/** Birth date for an adult aged between minAge and maxAge at `year`. */
export function randomBirth(rng: Rng, year: number, minAge: number, maxAge: number): { y: number; m: number; d: number } {
  const y = year - rng.int(minAge, maxAge);
  const m = rng.int(1, 12);
  return { y, m, d: rng.int(1, daysInMonth(y, m)) };
}

export function randomPerson(rng: Rng, year: number): Person {
  const female = rng.chance(0.68);
  const name = randomName(rng, female);
  const birth = randomBirth(rng, year, 22, 68);
  const bank = randomBankCard(rng);
  return {
    nameZh: name.zh,
    nameEn: name.en,
    female,
    phone: randomPhone(rng),
    nationalId: randomNationalId(rng, birth, female),
    bankCard: bank.card,
    bankName: bank.bank,
  };
}

const AVATAR_COLORS = ['#c0392b', '#2e86c1', '#17a589', '#d68910', '#7d3c98', '#2e4053'];

/** A small SVG avatar (the first character of the name on a coloured disc) as a data URL. */
export function avatarDataUrl(nameZh: string, colorIndex: number): string {
  const ch = [...nameZh][0] ?? '?';
  const color = AVATAR_COLORS[colorIndex % AVATAR_COLORS.length]!;
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="96" height="96" viewBox="0 0 96 96">` +
    `<circle cx="48" cy="48" r="48" fill="${color}"/>` +
    `<text x="48" y="62" font-size="42" text-anchor="middle" fill="#fff" ` +
    `font-family="PingFang SC, Microsoft YaHei, sans-serif">${ch}</text></svg>`;
  return `data:image/svg+xml;base64,${Buffer.from(svg, 'utf8').toString('base64')}`;
}
