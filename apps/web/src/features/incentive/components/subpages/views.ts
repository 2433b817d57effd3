import type { PlanData } from '@abo/contract';
import type { ComponentType } from 'react';
import type { Subpage } from '../../plan-routes.ts';
import { ApvDetailsView } from './apv-details.tsx';
import { AttendanceView } from './attendance.tsx';
import { BiennialDataView } from './biennial-data.tsx';
import { FlqDetailsView } from './flq-details.tsx';
import { LddDetailsView } from './ldd-details.tsx';
import { OverviewView } from './overview.tsx';
import { PinDetailsView } from './pin-details.tsx';
import { PointsView } from './points.tsx';
import { PqDetailsView } from './pq-details.tsx';
import { PqFlqView } from './pq-flq.tsx';
import { TargetView } from './target.tsx';

/** What the plan page shows for each entry of the subpage registry (plan-routes.ts) and its overview. */
export const SUBPAGE_VIEWS: Readonly<Record<Subpage, ComponentType<{ plan: PlanData }>>> = {
  overview: OverviewView,
  target: TargetView,
  pqflqdetails: PqFlqView,
  pqdetails: PqDetailsView,
  flqdetails: FlqDetailsView,
  pincodedetails: PinDetailsView,
  attendancereqs: AttendanceView,
  apvdetails: ApvDetailsView,
  lddmarketdetails: LddDetailsView,
  components: PointsView,
  data: BiennialDataView,
};
