import { msg } from '@lingui/core/macro'
import { createFileRoute } from '@tanstack/react-router'
import { StakePage } from '../../features/stake/StakePage.tsx'

export const Route = createFileRoute('/_mine/stake')({
  staticData: {
    page: {
      title: msg`Staking`,
      description: msg`Stake with lock periods and claim the released rewards.`,
      related: ['/mine'],
      catalogs: ['records', 'stake'],
    },
  },
  component: () => <StakePage />,
})
