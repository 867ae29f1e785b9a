import { CommentsController } from './comments.controller';
import { ExploreController } from './explore.controller';
import { MemberProfiles } from './member-profiles';
import { MembersController } from './members.controller';
import { MutedWordsController } from './muted-words.controller';
import { MutesController } from './mutes.controller';
import { PostsController } from './posts.controller';
import { ProfilePostsController } from './profile-posts.controller';
import { PublicController } from './public.controller';
import { SavedPostsController } from './saved-posts.controller';
import { StoriesController } from './stories.controller';

/** The social routes of issue 4 (ADR 0004), registered by AppModule. */
export const SOCIAL_CONTROLLERS = [
  PostsController,
  CommentsController,
  StoriesController,
  MembersController,
  MutesController,
  MutedWordsController,
  SavedPostsController,
  ProfilePostsController,
  ExploreController,
  PublicController,
];

export const SOCIAL_PROVIDERS = [MemberProfiles];
