import { addTexts } from '../../i18n/index.ts';

// The texts only useguide-page.tsx shows; those several pages show are in i18n.ts.
addTexts('achievement', {
  zh: {
    guide: {
      intro: '荣衔追踪帮助您看清当前荣衔、下一荣衔的要求，以及距离目标还差多少。',
      steps: [
        '荣衔按业绩年度（9 月至次年 8 月）计算，SP 月、Q 线等计数每年 9 月重新开始。',
        '荣衔条件的进度含本月至今的业绩（月结前仍可能变化）；荣衔在月结后才晋升。',
        '设定一个高于当前荣衔的目标，追踪页面会显示该目标每项条件的进度。',
        '随时可以调整目标；目标只用于追踪，不影响实际晋升。',
        '数字有疑问时，点击“如何计算”查看说明。',
      ],
      rules: '各荣衔规则（本年度）',
    },
  },
  en: {
    guide: {
      intro: 'Rank tracking shows your pin, what the next pin asks for, and how far you are from your target.',
      steps: [
        'Pins are counted per performance year (September to August); SP months and Q-leg counts restart each September.',
        'Pin conditions count this month to date (it may still change before the close); a pin is reached only when a month closes.',
        'Set a target above your current pin and the tracking page shows every condition of that target.',
        'You can adjust the target at any time; it is for tracking only and does not change your pin.',
        'When a figure surprises you, follow “How is this calculated?”.',
      ],
      rules: 'Rule of every pin (this PY)',
    },
  },
});
